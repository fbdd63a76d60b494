export {
  type ChipOption,
  ChoiceChips,
  type ChoiceChipsProps,
  choiceChipVariants,
  RatingRangeField,
  type RatingRangeFieldProps,
  ToggleChips,
  type ToggleChipsProps,
} from "./set-builder";
