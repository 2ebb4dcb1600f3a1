/** Any logger with these optional methods works (console, pino, ...). */
export interface Logger {
  info?(msg: string): void;
  warn?(msg: string): void;
  error?(msg: string): void;
}
