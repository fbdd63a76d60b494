export {
  Disclosure,
  DisclosureContent,
  type DisclosureContentProps,
  type DisclosureFold,
  type DisclosureProps,
  DisclosureTrigger,
  disclosureContentVariants,
  disclosureTriggerVariants,
} from "./disclosure";
