export * from "./admin-session";
export * from "./contact-form";
export * from "./hint-levels";
export * from "./login-form";
export * from "./post-editor";
export * from "./progress";
export * from "./training-flow";
export * from "./training-store";
