// Kept only because e2e/landing.test.ts imports the testimonials from this path, and that test belongs to
// another branch. Delete this file once that import reads "../client/src/features/site/landing/testimonials".
export * from "../../features/site/landing/testimonials";
