import type { AppDeps } from './deps';

/**
 * Whether an email may still sign in with a password: null when it may, else the message that says how to sign in
 * instead. Single sign-on (features/sso) defines the rule; accounts (sign-in) and passwords (reset) ask it. The rule
 * lives behind this registry so those features need not import sso, which itself uses accounts.
 */
export type PasswordGate = (deps: AppDeps, email: string) => Promise<string | null>;

let gate: PasswordGate | null = null;

/** Defines the rule; called once by the feature that owns it as its module loads. */
export function definePasswordGate(rule: PasswordGate): void {
  gate = rule;
}

/** The refusal message for a password sign-in or reset at this email, or null when passwords are allowed. */
export async function passwordRefusal(deps: AppDeps, email: string): Promise<string | null> {
  return gate ? gate(deps, email) : null;
}
