/* eslint-disable @typescript-eslint/no-explicit-any -- tests read response bodies loosely */
import { expect } from 'vitest';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface CallOptions {
  json?: unknown;
  form?: FormData;
  token?: string;
  headers?: Record<string, string>;
}

/**
 * A fetch wrapper that inspects every response body of a suite for leaks: no bcrypt hash, no
 * refresh token except the one the response itself issues, and no other user's email (admin
 * routes excepted: their job is to list emails).
 */
export class ApiClient {
  private readonly emails = new Map<string, string>(); // user id -> email (lower case)
  private readonly accessOwner = new Map<string, string>();
  private readonly refreshOwner = new Map<string, string>();
  readonly responses: number[] = [];

  constructor(private readonly baseUrl: string) {}

  rememberUser(id: string, email: string): void {
    this.emails.set(id, email.toLowerCase());
  }

  /** A deleted account's address was erased: it may be someone else's own address now. */
  forgetUser(id: string): void {
    this.emails.delete(id);
  }

  async call<T = any>(
    method: string,
    path: string,
    opts: CallOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: RequestInit['body'];
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      body = opts.form;
    }
    const res = await fetch(this.baseUrl + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    this.responses.push(res.status);
    this.inspect(path, opts, text, parsed);
    return { status: res.status, body: parsed as T, text, headers: res.headers };
  }

  private inspect(path: string, opts: CallOptions, text: string, body: unknown): void {
    const where = `${path} -> ${text.slice(0, 200)}`;
    expect(text, `bcrypt hash in ${where}`).not.toMatch(/\$2[aby]\$/);
    for (const token of this.refreshOwner.keys()) {
      expect(text.includes(token), `old refresh token in ${where}`).toBe(false);
    }
    const b = (body ?? {}) as {
      user?: { id?: string; email?: string };
      token?: string;
      refreshToken?: string;
    };
    const sentRefresh = (opts.json as { refreshToken?: string } | undefined)?.refreshToken;
    const caller =
      (opts.token && this.accessOwner.get(opts.token)) ||
      (sentRefresh && this.refreshOwner.get(sentRefresh)) ||
      (b.token && b.user?.id) ||
      undefined;
    if (b.user?.id && b.user.email && b.token) this.rememberUser(b.user.id, b.user.email);
    if (!path.startsWith('/api/admin/')) {
      const lower = text.toLowerCase();
      for (const [id, email] of this.emails) {
        if (id !== caller)
          expect(lower.includes(email), `another user's email in ${where}`).toBe(false);
      }
    }
    const owner = b.user?.id ?? caller;
    if (owner && typeof b.token === 'string') this.accessOwner.set(b.token, owner);
    if (owner && typeof b.refreshToken === 'string') this.refreshOwner.set(b.refreshToken, owner);
  }

  get = <T = any>(path: string, opts?: CallOptions) => this.call<T>('GET', path, opts);
  post = <T = any>(path: string, json?: unknown, opts?: CallOptions) =>
    this.call<T>('POST', path, { ...opts, json: json ?? {} });
  put = <T = any>(path: string, json?: unknown, opts?: CallOptions) =>
    this.call<T>('PUT', path, { ...opts, json: json ?? {} });
  patch = <T = any>(path: string, json?: unknown, opts?: CallOptions) =>
    this.call<T>('PATCH', path, { ...opts, json: json ?? {} });
  delete = <T = any>(path: string, opts?: CallOptions) => this.call<T>('DELETE', path, opts);
}
