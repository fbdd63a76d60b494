export { ModuleCard, type ModuleCardProps } from "./module-card";
