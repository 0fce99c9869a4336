// Interim page of the app skeleton; its feature issue replaces it.
export function UsersPage() {
  return (
    <div className="wrap page">
      <h1>Users</h1>
    </div>
  );
}

export default UsersPage;
