export * from "./admin-session";
export * from "./contact-form";
export * from "./hint-levels";
export * from "./login-form";
