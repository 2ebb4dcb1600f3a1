import { FatalSeedError } from './progress.js';

type Json = Record<string, unknown>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
    what: string,
  ) {
    super(`${what} answered ${status}: ${JSON.stringify(body).slice(0, 200)}`);
  }
}

export const RATE_LIMIT_HELP =
  "identity's auth rate limit stopped the seed (AUTH_RATE_LIMIT, 10 requests per 15 minutes " +
  'per IP by default).\nRestart the stack with a raised budget and run the seed again:\n' +
  '  AUTH_RATE_LIMIT=100000 npm start\n  npm run seed';

/** A signed-in user; the access token is refreshed once when it expires (15 min). */
export interface Session {
  id: string;
  username: string;
  token: string;
  refreshToken: string;
}

export class Api {
  constructor(private readonly baseUrl: string) {}

  /** One call to /api<path>; throws ApiError on a non-2xx answer. */
  async raw(
    method: string,
    path: string,
    { body, form, token }: { body?: unknown; form?: FormData; token?: string } = {},
  ): Promise<Json> {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}/api${path}`, {
      method,
      headers,
      ...(form ? { body: form } : body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let json: Json = {};
    try {
      json = text ? (JSON.parse(text) as Json) : {};
    } catch {
      json = { raw: text.slice(0, 200) };
    }
    if (res.status === 429 && path.startsWith('/auth/')) throw new FatalSeedError(RATE_LIMIT_HELP);
    if (!res.ok) throw new ApiError(res.status, json, `${method} /api${path}`);
    return json;
  }

  /** As `session`, refreshing its token once on a 401. */
  async as(
    session: Session,
    method: string,
    path: string,
    options: { body?: unknown; form?: () => FormData } = {},
  ): Promise<Json> {
    const send = () =>
      this.raw(method, path, {
        token: session.token,
        ...(options.body !== undefined ? { body: options.body } : {}),
        ...(options.form ? { form: options.form() } : {}),
      });
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      const fresh = await this.raw('POST', '/auth/refresh', {
        body: { refreshToken: session.refreshToken },
      });
      session.token = String(fresh.token);
      session.refreshToken = String(fresh.refreshToken);
      return send();
    }
  }

  /** Register, or sign in when the user exists already (a second run of the seed). */
  async signUp(username: string, password: string): Promise<Session> {
    let json: Json;
    try {
      json = await this.raw('POST', '/auth/register', {
        body: { username, email: `${username.toLowerCase()}@example.test`, password },
      });
    } catch (error) {
      // Taken (identity answers 409 with the reasons): sign in instead.
      if (!(error instanceof ApiError) || error.status !== 409) {
        throw error;
      }
      json = await this.raw('POST', '/auth/login', {
        body: { email: username, password, rememberMe: true },
      }).catch(() => {
        throw error;
      });
    }
    const user = (json.user ?? {}) as Json;
    return {
      id: String(user.id),
      username,
      token: String(json.token),
      refreshToken: String(json.refreshToken),
    };
  }
}

/** A multipart body with one image file and text fields. */
export function imageForm(
  field: string,
  image: Buffer,
  name: string,
  fields: Record<string, string> = {},
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const type = name.endsWith('.png') ? 'image/png' : 'image/jpeg';
  form.append(field, new Blob([new Uint8Array(image)], { type }), name);
  return form;
}
