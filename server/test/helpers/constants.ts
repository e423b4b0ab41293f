export const TEST_ADMIN = { username: 'admin', password: 'Admin123!' } as const;
