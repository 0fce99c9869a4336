// Interim page of the app skeleton; its feature issue replaces it.
export function ContactPage() {
  return (
    <div className="wrap page">
      <h1>Contact</h1>
    </div>
  );
}

export default ContactPage;
