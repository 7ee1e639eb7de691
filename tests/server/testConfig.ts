/** Fixed configuration of the server test suite. */
import { loadConfig } from '../../server/config';

export const TEST_ADMIN = { adminEmail: 'admin@test.local', adminPassword: 'Admin-Test-123' };

/** Password of the staff members TestContext.createStaff creates, unless a test gives one. */
export const TEST_STAFF_PASSWORD = 'Staff-Pass-123';

/** The configuration every test app runs with: no demo data, generous login rate limit. */
export const testConfig = () =>
  loadConfig({
    ...TEST_ADMIN,
    ADMIN_EMAIL: TEST_ADMIN.adminEmail,
    ADMIN_PASSWORD: TEST_ADMIN.adminPassword,
    JWT_SECRET: 'test-secret-0123456789',
    LOGIN_RATE_LIMIT: '1000',
    DEMO_DATA: '0',
  });
