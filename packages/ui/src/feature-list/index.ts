export { type Feature, FeatureList, type FeatureListProps } from "./feature-list";
