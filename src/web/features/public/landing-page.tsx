// Interim page of the app skeleton; its feature issue replaces it.
export function LandingPage() {
  return (
    <div className="wrap page">
      <h1>Welcome to the 1337 Robotics Club</h1>
    </div>
  );
}

export default LandingPage;
