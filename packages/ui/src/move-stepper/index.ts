export { MoveStepper, type MoveStepperLabels, type MoveStepperProps } from "./move-stepper";
