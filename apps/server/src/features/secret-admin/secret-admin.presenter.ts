import type { AnySecretModel, SecretField, SecretValue } from './secret-admin.model';
import type { AuditHistoryRow } from './secret-admin.repository';

/** A value as the templates print it: text, and a link when it has one. */
export interface Cell {
  text: string;
  href?: string;
}

/** Yes/No for flags, "None" for nothing, the text otherwise. */
export function cell(value: SecretValue): Cell {
  if (value === null || value === undefined || value === '') return { text: 'None' };
  if (typeof value === 'boolean') return { text: value ? 'Yes' : 'No' };
  if (typeof value === 'object') return { text: value.text, href: value.href };
  return { text: String(value) };
}

function shown(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** One audit entry as the history table shows it: what changed, field by field. */
export interface HistoryEntry {
  when: string;
  who: string;
  action: string;
  changes: Array<{ field: string; before: string; after: string }>;
}

/** "2026-03-02 09:00 UTC": the same for every reader, and sortable. */
export function formatWhen(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function presentHistory(rows: AuditHistoryRow[]): HistoryEntry[] {
  return rows.map((r) => {
    const before = (r.before && typeof r.before === 'object' ? r.before : {}) as Record<string, unknown>;
    const after = (r.after && typeof r.after === 'object' ? r.after : {}) as Record<string, unknown>;
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    const changes = fields
      .filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]))
      .map((f) => ({
        field: f,
        before: f in before ? shown(before[f]) : '',
        after: f in after ? shown(after[f]) : '',
      }));
    return {
      when: formatWhen(new Date(r.created_at)),
      who: r.actor || r.actor_email || 'Someone since removed',
      action: r.action,
      changes,
    };
  });
}

/** A form field with what the template needs: its current (or just submitted) value and its errors. */
export interface FormField extends SecretField {
  id: string;
  value: string;
  checked: boolean;
  errors: string[];
}

export function presentFields(
  fields: SecretField[],
  values: Record<string, unknown>,
  errors: Record<string, string[]>,
): FormField[] {
  return fields.map((f) => {
    const v = values[f.name];
    return {
      ...f,
      id: `field-${f.name}`,
      value: v === null || v === undefined || typeof v === 'boolean' ? '' : String(v),
      checked: v === true || v === 'on',
      errors: errors[f.name] ?? [],
    };
  });
}

/** The form's values as sent: checkboxes as ticked or not, the rest as typed. */
export function submittedValues(fields: SecretField[], body: unknown): Record<string, unknown> {
  const sent = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return Object.fromEntries(
    fields.map((f) => [f.name, f.kind === 'checkbox' ? sent[f.name] === 'on' : (sent[f.name] ?? '')]),
  );
}

/** Field errors keyed by field name, from zod issues (the first path segment names the field). */
export function fieldErrors(issues: Array<{ path: PropertyKey[]; message: string }>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.length ? String(issue.path[0]) : 'non_field_errors';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** The error summary above a form: each message with the label of its field (or none for the whole form). */
export function errorSummary(
  fields: SecretField[],
  errors: Record<string, string[]>,
): Array<{ label: string | null; href: string | null; message: string }> {
  return Object.entries(errors).flatMap(([name, messages]) => {
    const field = fields.find((f) => f.name === name);
    return messages.map((message) => ({
      label: field?.label ?? null,
      href: field ? `#field-${field.name}` : null,
      message,
    }));
  });
}

/** Link to a list page with the given query (search, filters, page), empty values left out. */
export function listHref(model: AnySecretModel, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const search = params.toString();
  return `/secret/${model.slug}/${search ? `?${search}` : ''}`;
}
