/** Splits a byte stream into lines; keeps the unterminated tail until more data arrives. */
export class LineSplitter {
  private tail = '';

  push(chunk: string): string[] {
    const text = this.tail + chunk;
    const parts = text.split(/\r?\n/);
    this.tail = parts.pop() ?? '';
    return parts;
  }

  /** Returns whatever is left (a last line without a newline), if anything. */
  flush(): string[] {
    const rest = this.tail;
    this.tail = '';
    return rest === '' ? [] : [rest];
  }
}

/** Fixed-size ring of the most recent lines. */
export class RingBuffer {
  private readonly items: string[] = [];

  constructor(private readonly capacity: number) {}

  push(line: string): void {
    this.items.push(line);
    if (this.items.length > this.capacity) this.items.splice(0, this.items.length - this.capacity);
  }

  lines(): string[] {
    return [...this.items];
  }
}

const COLORS = [36, 35, 33, 32, 34, 96, 95, 93, 92, 94];

/** `[name]` padded to a common width, coloured when the output is a terminal. */
export function makePrefix(name: string, index: number, width: number, color: boolean): string {
  const label = `[${name}]`.padEnd(width + 2);
  if (!color) return label;
  const code = COLORS[index % COLORS.length];
  return `\u001b[${code}m${label}\u001b[0m`;
}
