export { TrainerStatus, type TrainerStatusProps, type TrainerStatusValue } from "./trainer-status";
