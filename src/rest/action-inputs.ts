// What the POST action links take besides their target (the SDL's @link says where and how, not
// what): the same list gives HTML forms and Siren actions their fields and the OpenAPI description
// its request bodies (src/openapi/extra-paths.ts).
import type { ActionField } from '../representations/types.js';

export interface ActionInput {
  name: string;
  title: string;
  required?: boolean;
  /** Several values: a JSON array, or a comma-separated string (what a form sends). */
  list?: boolean;
  options?: string[];
  value?: string;
}

export const ACTION_INPUTS: Record<string, ActionInput[]> = {
  checkout: [
    { name: 'payment_token', title: 'Payment token for the gateway; tok_decline makes the test gateway decline.' },
    { name: 'recaptcha_token', title: 'Challenge answer, needed when a reCAPTCHA fraud protection is enabled_always.' },
  ],
  send_webhooks: [
    { name: 'refeed_hooks', required: true, list: true, title: 'Ids or self links of the transaction webhooks to send to, comma-separated.' },
    { name: 'event', options: ['refeed'], value: 'refeed', title: 'Always refeed.' },
  ],
};

export function actionInputFields(rel: string): ActionField[] {
  return (ACTION_INPUTS[rel] ?? []).map((i) => ({
    name: i.name, type: 'text', title: i.title,
    ...(i.required ? { required: true } : {}), ...(i.options ? { options: i.options } : {}), ...(i.value !== undefined ? { value: i.value } : {}),
  }));
}
