import { ChallengesStep } from '../../features/challenges/challenges-step';
import { HackathonStep } from '../../features/hackathon/hackathon-step';
import { Tracker } from '../../features/journey/tracker';
import { BoardMessages } from '../../features/messages/board-messages';
import { MyProjects } from '../../features/projects/my-projects';

/**
 * `/` and `/apply` for a signed-in candidate: the journey's tracker with the panels of the
 * features it shows, assembled here so that no feature imports another's screens (decision 0113).
 */
export function TrackerPage() {
  return (
    <Tracker
      panels={{
        messages: <BoardMessages />,
        challenges: <ChallengesStep />,
        hackathon: <HackathonStep />,
        projects: <MyProjects />,
      }}
    />
  );
}

export default TrackerPage;
