export { MergeOffer, type MergeOfferLabels, type MergeOfferProps } from "./merge-offer";
