export { TaskPanel, type TaskPanelProps } from "./task-panel";
