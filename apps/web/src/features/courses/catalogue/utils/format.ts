/** A length of time for lists: "45 s", "12 min", "1 h 5 min". */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '0 min';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** "1 part", "3 parts". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** An average to one decimal place, or two when it is small but not nothing (0.04 is not "0.0"). */
export function formatAverage(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return value > 0 && value < 0.1 ? value.toFixed(2) : value.toFixed(1);
}
