export const TEST_ADMIN = { username: 'admin', password: 'AdminGmao2024!' } as const;
