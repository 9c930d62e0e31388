/**
 * The ways to a lesson a reader does not have yet: buy the course, or join the Alchemist plan
 * (which includes it), and for a visitor, sign in and come back. Rendered statically on the
 * lesson page (no script) and by the player when the gate says the lesson is locked.
 */
export default function CourseOffers({ signInHref }: { signInHref?: string }) {
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      <a className="btn btn-gold" href="/masteralchemist">
        Buy the course
      </a>
      <a className="btn btn-outline" href="/pricing">
        See the Alchemist plan
      </a>
      {signInHref ? (
        <a className="btn btn-outline" href={signInHref} data-sign-in="">
          Sign in
        </a>
      ) : null}
    </div>
  );
}
