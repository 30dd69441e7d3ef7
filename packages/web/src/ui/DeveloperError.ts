/** A programming mistake (missing popup/sheet/dialog options): thrown, never shown to members. */
export class DeveloperError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeveloperError';
  }
}
