// The resources' own rules (src/resources: what the SDL cannot state), as the services find them.
// The rule modules call services (a webhook's checks read rows, a downloadable's create claims a
// staged upload), so the services must not import them back: the composition root installs the
// book once (src/container.ts), and the services look rules up here. Without this, services and
// resources would import each other, and a change to either could reorder module start-up.
import type { ResourceRules } from '../resources/rules.js';

let book: Readonly<Record<string, ResourceRules>> = {};

/** Called by the composition root with src/resources/index.ts's table; installing it again is harmless. */
export function installResourceRules(rules: Readonly<Record<string, ResourceRules>>): void {
  book = rules;
}

/** The rules of a resource, if it has any beyond its SDL. */
export function rulesOf(name: string): ResourceRules | undefined {
  return Object.hasOwn(book, name) ? book[name] : undefined;
}
