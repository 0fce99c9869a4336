// Interim page of the app skeleton; its feature issue replaces it.
export function TrackerPage() {
  return (
    <div className="wrap page">
      <h1>Your application</h1>
    </div>
  );
}

export default TrackerPage;
