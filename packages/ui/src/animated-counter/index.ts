export { AnimatedCounter, type AnimatedCounterProps, easeOutCubic } from "./animated-counter";
