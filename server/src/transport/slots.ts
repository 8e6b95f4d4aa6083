/** Open connections per key (an identity, an address) on this node; a key is forgotten when its count is back to 0. */
export class Slots {
  private readonly held = new Map<string, number>();
  constructor(private readonly max: number) {}
  full(key: string): boolean {
    return (this.held.get(key) ?? 0) >= this.max;
  }
  take(key: string): boolean {
    if (this.full(key)) return false;
    this.held.set(key, (this.held.get(key) ?? 0) + 1);
    return true;
  }
  give(key: string): void {
    const n = (this.held.get(key) ?? 0) - 1;
    if (n > 0) this.held.set(key, n);
    else this.held.delete(key);
  }
}
