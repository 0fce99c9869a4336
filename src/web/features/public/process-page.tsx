// Interim page of the app skeleton; its feature issue replaces it.
export function ProcessPage() {
  return (
    <div className="wrap page">
      <h1>Rules</h1>
    </div>
  );
}

export default ProcessPage;
