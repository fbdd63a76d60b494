export { Spinner, type SpinnerProps, spinnerVariants } from "./spinner";
