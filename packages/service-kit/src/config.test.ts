import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ConfigError,
  baseServiceConfig,
  booleanVar,
  byteSizeVar,
  loadConfig,
  parseByteSize,
  portVar,
} from './config.js';

const schema = z.object({
  ...baseServiceConfig,
  PORT: portVar(4002),
  MONGO_DB: z.string().default('forum'),
});

describe('loadConfig', () => {
  it('applies defaults', () => {
    const config = loadConfig(schema, {});
    expect(config).toMatchObject({
      PORT: 4002,
      HOST: '0.0.0.0',
      LOG_LEVEL: 'info',
      MONGO_URL: 'mongodb://127.0.0.1:27017',
      MONGO_DB: 'forum',
      MONGO_PRIMARY_WAIT_MS: 8000,
      NATS_URL: 'nats://127.0.0.1:4222',
      IDENTITY_URL: 'http://127.0.0.1:4001',
    });
  });

  it('coerces and keeps given values; empty strings count as unset', () => {
    const config = loadConfig(schema, { PORT: '5000', LOG_LEVEL: 'debug', HOST: '' });
    expect(config.PORT).toBe(5000);
    expect(config.LOG_LEVEL).toBe('debug');
    expect(config.HOST).toBe('0.0.0.0');
  });

  it('reads how long a request waits for a primary, in whole milliseconds', () => {
    expect(loadConfig(schema, { MONGO_PRIMARY_WAIT_MS: '5000' }).MONGO_PRIMARY_WAIT_MS).toBe(5000);
    for (const bad of ['0', '-1', '1.5', 'soon']) {
      expect(() => loadConfig(schema, { MONGO_PRIMARY_WAIT_MS: bad })).toThrow(
        /MONGO_PRIMARY_WAIT_MS: must be/,
      );
    }
  });

  it('lists every bad variable in one error', () => {
    const strict = schema.extend({ SECRET: z.string().min(1) });
    let error: unknown;
    try {
      loadConfig(strict, {
        PORT: 'abc',
        LOG_LEVEL: 'loud',
        MONGO_URL: 'http://x',
        IDENTITY_URL: 'nope',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    const names = problems.map((p) => p.split(':')[0]);
    expect(names.sort()).toEqual(['IDENTITY_URL', 'LOG_LEVEL', 'MONGO_URL', 'PORT', 'SECRET']);
    expect(problems).toContain('SECRET: is required');
    for (const name of names) expect(message).toContain(name);
  });
});

describe('booleanVar and byteSizeVar', () => {
  const flags = z.object({
    ON: booleanVar(true),
    OFF: booleanVar(false),
    SIZE: byteSizeVar('1mb'),
  });

  it('apply their defaults', () => {
    expect(loadConfig(flags, {})).toEqual({ ON: true, OFF: false, SIZE: 1024 * 1024 });
  });

  it('read the usual spellings', () => {
    for (const [value, expected] of [
      ['true', true],
      ['TRUE', true],
      ['1', true],
      ['yes', true],
      ['on', true],
      ['false', false],
      ['0', false],
      ['No', false],
      ['off', false],
    ] as const) {
      expect(loadConfig(flags, { OFF: value, ON: value }).OFF).toBe(expected);
    }
    expect(loadConfig(flags, { SIZE: '512kb' }).SIZE).toBe(512 * 1024);
  });

  it('report bad values with the variable name', () => {
    expect(() => loadConfig(flags, { ON: 'maybe', SIZE: 'lots' })).toThrow(
      /ON: must be true or false[\s\S]*SIZE: must be a size/,
    );
  });
});

describe('parseByteSize', () => {
  it.each([
    ['1048576', 1048576],
    ['1mb', 1048576],
    ['11MB', 11 * 1048576],
    ['1.5 kb', 1536],
    ['2gb', 2 * 1024 ** 3],
    ['x', undefined],
    ['-1', undefined],
  ])('%s -> %s', (input, bytes) => {
    expect(parseByteSize(input)).toBe(bytes);
  });
});
