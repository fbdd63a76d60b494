export { OpeningFilter, type OpeningFilterProps, type OpeningOption } from "./opening-filter";
