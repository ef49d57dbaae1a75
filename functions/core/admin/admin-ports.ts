/** Ports of the operator pages beyond the user directory (Identity): the first-admin claim. */

export interface AdminStore {
  /**
   * Records that this user became the first admin, only if nobody did before (one conditional
   * write): of two people racing for "first", exactly one gets true.
   */
  claimFirstAdmin(userSub: string, at: string): Promise<boolean>;
  /** Undoes this user's claim when joining the group failed, so setup can be tried again. */
  releaseFirstAdmin(userSub: string): Promise<void>;
}
