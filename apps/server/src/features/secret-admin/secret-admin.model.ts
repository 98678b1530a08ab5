import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import type { Actor } from '../../platform/session';

/**
 * One section of the /secret/ admin: everything the generic list, detail and edit pages need to know about a model.
 * Adding a model is one of these in secret-admin.models.ts (docs/secret-admin.md).
 */
export interface SecretModel<Row> {
  /** The URL segment: /secret/{slug}/. */
  slug: string;
  /** The name of the id in the route (`/secret/lessons/:lessonId/`). */
  param: string;
  /** The section's heading, e.g. "Lessons", and one record's noun, e.g. "lesson". */
  title: string;
  singular: string;
  /** One sentence on the index page. */
  description: string;
  /** What the search box matches, shown beside it (e.g. "Title, or #id"). */
  searchHint: string;
  filters: SecretFilter[];
  columns: Array<SecretColumn<Row>>;
  /** One page of records matching the search and filters, and how many match in all. */
  list(deps: AppDeps, query: SecretListArgs): Promise<{ rows: Row[]; total: number }>;
  find(deps: AppDeps, id: number): Promise<Row | null>;
  id(row: Row): number;
  /** The record's name in headings and links. */
  label(row: Row): string;
  /** The detail page's fields: [label, value] in order; a value with an href is shown as a link. */
  details(row: Row): Array<[string, SecretValue]>;
  /** The safe fields this record may have edited here (none: the detail page says where it is edited). */
  edit(row: Row): SecretEdit<Row> | SecretNoEdit;
  /** The audit log entries about this record: (entity type, entity id) pairs. */
  auditOf(row: Row): Array<{ entityType: string; entityId: string }>;
}

export type SecretValue = string | number | boolean | null | { text: string; href: string };

export interface SecretColumn<Row> {
  label: string;
  value(row: Row): SecretValue;
}

export interface SecretFilter {
  /** The query parameter. */
  name: string;
  label: string;
  options(deps: AppDeps): Promise<Array<{ value: string; label: string }>>;
}

export interface SecretListArgs {
  q: string | undefined;
  /** The filters' chosen values, by name; absent when "Any". */
  filters: Record<string, string>;
  limit: number;
  offset: number;
}

export interface SecretField {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'checkbox' | 'number' | 'date';
  hint?: string;
}

export interface SecretEdit<Row> {
  fields: SecretField[];
  /** Hidden fields sent back with the form: the concurrency token of the owning feature. */
  hidden: Record<string, string | number>;
  /** The form's current values, by field name. */
  values: Record<string, string | number | boolean | null | undefined>;
  schema: z.ZodType;
  /** Writes the parsed form through the owning feature's service (which audits it). */
  save(deps: AppDeps, actor: Actor, row: Row, input: unknown, ip: string): Promise<void>;
}

export interface SecretNoEdit {
  fields: null;
  /** Why nothing is edited here, and where it is: shown on the detail page. */
  note: string;
  link?: { text: string; href: string };
}

/** A registry entry with its row type forgotten, so models of different rows can share one list. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySecretModel = SecretModel<any>;
