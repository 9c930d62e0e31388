import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy* and waitFor wait up to 5 s instead of 1 s: on this two-core machine the component tests
// run beside the Auth emulator, Postgres and the other vitest worker, and a render that takes
// 50 ms idle took over a second once under `npm test` (Whispers' voice fallback, 2026-11-29).
// What each waits for is unchanged; a missing element still fails, later.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
