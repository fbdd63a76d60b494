export { TagChips, type TagChipsProps, tagChipVariants } from "./tag-chips";
