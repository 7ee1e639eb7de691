/** Fixed configuration of the server test suite. */
import { loadConfig } from '../../server/config';

export const TEST_ADMIN = { adminEmail: 'admin@test.local', adminPassword: 'Admin-Test-123' };

/** Password of the staff members TestContext.createStaff creates, unless a test gives one. */
export const TEST_STAFF_PASSWORD = 'Staff-Pass-123';

/**
 * The configuration every test app runs with: no demo data, generous login rate limit, no load shedding (the suite's
 * workers share the machine's cores, so a starved worker must not answer 503; tests/server/underPressure.test.ts
 * turns it on) and no per-user limit of expensive calls (tests/server/usageLimits.test.ts sets its own).
 */
export const testConfig = () =>
  loadConfig({
    LOAD_SHEDDING: '0',
    // No per-user limit either: exports, fuzzing and the scope walk call fast on purpose (usageLimits.test.ts sets them).
    EXPORTS_PER_MINUTE: '0',
    EXPORTS_AT_ONCE: '0',
    MANIFESTS_PER_MINUTE: '0',
    STATS_PER_MINUTE: '0',
    HEAVY_SEARCHES_PER_MINUTE: '0',
    INVENTORIES_PER_MINUTE: '0',
    ...TEST_ADMIN,
    ADMIN_EMAIL: TEST_ADMIN.adminEmail,
    ADMIN_PASSWORD: TEST_ADMIN.adminPassword,
    JWT_SECRET: 'test-secret-0123456789',
    LOGIN_RATE_LIMIT: '1000',
    DEMO_DATA: '0',
  });
