/** A logger that keeps its entries, so tests can check what an operator would see. */
export type LogEntry = { level: 'info' | 'warn' | 'error'; message: string; extra: unknown[] };

export type FakeLogger = {
  entries: LogEntry[];
  info(message: unknown, ...extra: unknown[]): void;
  warn(message: unknown, ...extra: unknown[]): void;
  error(message: unknown, ...extra: unknown[]): void;
  /** Messages logged at this level. */
  messages(level: LogEntry['level']): string[];
};

export function createFakeLogger(): FakeLogger {
  const entries: LogEntry[] = [];
  const at =
    (level: LogEntry['level']) =>
    (message: unknown, ...extra: unknown[]) => {
      entries.push({ level, message: String(message), extra });
    };
  return {
    entries,
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    messages: (level) => entries.filter((entry) => entry.level === level).map((entry) => entry.message),
  };
}
