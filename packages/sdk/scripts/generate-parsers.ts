import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { generateParsersSource } from '../src/parsers/generate';

// Writes src/parsers.generated.ts (see src/parsers/generate.ts), formatted as the repo formats.
const target = fileURLToPath(new URL('../src/parsers.generated.ts', import.meta.url));
const options = (await resolveConfig(target)) ?? {};
writeFileSync(target, await format(generateParsersSource(), { ...options, filepath: target }));
console.log(`wrote ${target}`);
