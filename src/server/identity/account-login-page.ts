import { escapeHtml, scriptFreeDocument, scriptFreePolicy, styleSource } from '../http/script-free-page';

/**
 * The HTML of the account login page (redirect-login mode, SPEC §2): self-contained, no script, one
 * small style sheet allowed by its hash. It fits 320 px, every field has a label and errors are
 * announced (role="alert") and tied to the form.
 */

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f4f5f7}
main{max-width:24rem;margin:2rem auto;padding:1.5rem 1rem;background:#fff;border-radius:.5rem}
h1{font-size:1.4rem;margin:0 0 1rem}label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{width:100%;padding:.6rem;font:inherit;border:1px solid #6b7280;border-radius:.375rem}
input:focus,button:focus{outline:3px solid #1d4ed8;outline-offset:2px}
button{margin-top:1.25rem;width:100%;padding:.7rem;font:inherit;font-weight:600;color:#fff;background:#1d4ed8;border:0;border-radius:.375rem;cursor:pointer}
.error{color:#9f1239;background:#fff1f2;border:1px solid #9f1239;border-radius:.375rem;padding:.6rem;margin:0 0 1rem}
.field-error{color:#9f1239;margin:.25rem 0 0;font-size:.9rem}a{color:#1d4ed8}`;
const STYLE_SOURCE = styleSource(STYLE);

/** The page's Content-Security-Policy: nothing but its own style; the form may go here and then to `returnOrigin`. */
export function loginPagePolicy(returnOrigin?: string): string {
  return scriptFreePolicy(STYLE_SOURCE, returnOrigin);
}

function shell(title: string, body: string): string {
  return scriptFreeDocument({ title, style: STYLE, main: body });
}

/** What the form carries from the site's request to the POST (never in a URL the page writes). */
export interface LoginPageParams {
  redirectTo: string;
  lmsId: string;
  code: string;
  generatedToken: string;
  state: string;
}

/**
 * The sign-in form, with the e-mail kept and the error of the last attempt, if any; 'Lupa password?'
 * leads to the tenant site's /Lupa-Password (plain links, which the policy leaves alone).
 */
export function loginPage(options: {
  siteTitle: string;
  params: LoginPageParams;
  email?: string;
  error?: string;
  fieldErrors?: Partial<Record<'email' | 'password', string>>;
}): string {
  const { params, fieldErrors = {} } = options;
  const hidden = (Object.keys(params) as (keyof LoginPageParams)[])
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params[name])}">`)
    .join('\n');
  const fieldError = (name: 'email' | 'password') =>
    fieldErrors[name] ? `<p class="field-error" id="${name}-error">${escapeHtml(fieldErrors[name])}</p>` : '';
  const describedBy = (name: 'email' | 'password') => (fieldErrors[name] ? ` aria-invalid="true" aria-describedby="${name}-error"` : '');
  const title = `Masuk ke ${options.siteTitle}`;
  return shell(
    title,
    `<h1>${escapeHtml(title)}</h1>
${options.error ? `<p class="error" role="alert" id="form-error">${escapeHtml(options.error)}</p>` : ''}
<form method="post" action="login"${options.error ? ' aria-describedby="form-error"' : ''}>
${hidden}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="254" value="${escapeHtml(options.email ?? '')}"${describedBy('email')}>
${fieldError('email')}
<label for="password">Kata sandi</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200"${describedBy('password')}>
${fieldError('password')}
<button type="submit">Masuk</button>
</form>
<p><a href="${escapeHtml(params.redirectTo)}/Lupa-Password">Lupa password?</a></p>
<p><a href="${escapeHtml(params.redirectTo)}/">Kembali ke ${escapeHtml(options.siteTitle)}</a></p>`,
  );
}

/** A page that cannot offer the form (bad parameters): what went wrong, in words a visitor understands. */
export function refusalPage(message: string): string {
  return shell('Tidak dapat masuk', `<h1>Tidak dapat masuk</h1>\n<p class="error" role="alert">${escapeHtml(message)}</p>`);
}
