/** Feature flags of the browser app: one place to switch pieces of the UI on and off. */
export const features = {
  /** Header auth buttons (Login and Try Free); false hides both. */
  authButtons: true,
  /** Sign-in arrives in a later issue: until then the Login button stays hidden. */
  signIn: false,
} as const;
