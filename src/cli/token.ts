// `npm run token -- --email <email> --store-domain <domain> [...]`: bootstraps a store from the
// command line and prints, once, the same credentials as the admin "Get Token" button: a new client
// (client_id, client_secret) with a store_full_access token pair. The user and the store are created
// when they do not exist yet; an existing store must belong to that user.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { findUser, issueIntegration, storeIdByDomain, userIdByEmail } from '../auth/accounts.js';
import { createStore, createUser } from '../auth/oauth.js';
import { ANONYMOUS } from '../auth/principal.js';
import { USER_FULL } from '../auth/scopes.js';
import { ConfigError, loadConfig } from '../config.js';
import { createContainer } from '../container.js';
import { ApiError } from '../services/errors.js';
import type { Values } from '../data/codec.js';

export const USAGE = `usage: npm run token -- --email EMAIL --store-domain DOMAIN [options]
  creating the user:  --first-name NAME --last-name NAME [--password PASSWORD (8+ characters, for /admin)]
  creating the store: --country CC --region REGION --postal-code CODE
                      [--store-name NAME (default: the domain)] [--store-url URL (default: https://DOMAIN)]
                      [--store-email EMAIL (default: --email)]
Environment as for the server (DATABASE_URL, DATA_DIR, JWT_SECRET, BASE_URL).`;

const OPTIONS = {
  email: { type: 'string' }, 'store-domain': { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' },
  password: { type: 'string' }, country: { type: 'string' }, region: { type: 'string' }, 'postal-code': { type: 'string' },
  'store-name': { type: 'string' }, 'store-url': { type: 'string' }, 'store-email': { type: 'string' }, help: { type: 'boolean' },
} as const;

export class CliError extends Error {}

/** Runs the command; returns what to print on stdout (JSON), or throws CliError with what to say. */
export async function runTokenCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args: argv, options: OPTIONS, strict: true }).values;
  } catch (err) {
    throw new CliError(`${(err as Error).message}\n${USAGE}`);
  }
  const email = values.email as string | undefined;
  const domain = values['store-domain'] as string | undefined;
  if (values.help || !email || !domain) throw new CliError(USAGE);
  const container = await createContainer(loadConfig(env));
  try {
    const ctx = container.context(ANONYMOUS, 'cli');
    const db = container.database.db;
    const userId = (await userIdByEmail(ctx, email)) ?? (await createUser(ctx, {
      email, first_name: values['first-name'], last_name: values['last-name'], password: values.password,
    })).id;
    const storeId = await storeIdByDomain(ctx, domain);
    let store: Values | undefined = storeId === undefined ? undefined : await db.selectFrom('stores').selectAll().where('id', '=', storeId).executeTakeFirst();
    if (store && Number(store.user_id) !== userId) throw new CliError(`store ${domain} belongs to another user`);
    if (!store) {
      const asUser = container.context({ kind: 'user', scopes: new Set([USER_FULL]), userId }, 'cli');
      store = await createStore(asUser, {
        store_domain: domain, store_name: values['store-name'] ?? domain, store_url: values['store-url'] ?? `https://${domain}`,
        store_email: values['store-email'] ?? email, country: values.country, region: values.region, postal_code: values['postal-code'],
      });
    }
    const user = (await findUser(ctx, userId))!;
    const credentials = await issueIntegration(ctx, container.tokens, user, { ...store, id: Number(store.id) });
    const base = container.config.baseUrl;
    return JSON.stringify({ ...credentials, user: `${base}/users/${userId}`, store: `${base}/stores/${Number(store.id)}` }, null, 2);
  } catch (err) {
    if (err instanceof ApiError) {
      const flag = (field?: string) => (field ? `--${field.replace(/_/g, '-')}: ` : '');
      throw new CliError(`${err.errors.map((e) => `${flag(e.field)}${e.message}`).join('\n')}\n${USAGE}`);
    }
    throw err;
  } finally {
    await container.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runTokenCommand(process.argv.slice(2)).then((out) => {
    process.stdout.write(`${out}\n`);
  }, (err) => {
    const said = err instanceof CliError || err instanceof ConfigError;
    process.stderr.write(`${said ? err.message : (err as Error).stack}\n`);
    process.exitCode = said ? 2 : 1;
  });
}
