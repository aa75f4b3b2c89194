/** The web app's root. The sign-in screens, home shell and routes come with the web shell issue. */
export function App() {
  return (
    <main>
      <h1>Log In</h1>
    </main>
  );
}
