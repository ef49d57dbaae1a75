/** Another writer changed what a transaction was planned from: plan again and retry. */
export class ConcurrentChangeError extends Error {
  constructor() {
    super('concurrent change; plan again');
    this.name = 'ConcurrentChangeError';
  }
}
