/** Feature flags of the browser app: one place to switch pieces of the UI on and off. */
export const features = {
  /** Header auth buttons (Login and Try Free); false hides both. */
  authButtons: true,
  /** Sign-in (accounts): the Login button, the signed-in header and My photos. */
  signIn: true,
} as const;
