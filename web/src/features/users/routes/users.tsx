import { UsersScreen } from '../components/users-screen';

/** /users — admin only (the router's RequireRole guard). */
export default function UsersRoute() {
  return <UsersScreen />;
}
