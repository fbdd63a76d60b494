export {
  OpeningFilter,
  type OpeningFilterLayout,
  type OpeningFilterProps,
  type OpeningOption,
} from "./opening-filter";
