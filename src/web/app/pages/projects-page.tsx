import { MaintenancePanel } from '../../features/admin-maintenance/maintenance-panel';
import { ProjectsPage as ProjectsList } from '../../features/admin-projects/projects-page';

/**
 * The admin's Projects page: admin-projects' list with admin-maintenance's panel above it,
 * assembled here so that neither feature imports the other's screens (decision 0113).
 */
export default function ProjectsPage() {
  return <ProjectsList above={<MaintenancePanel />} />;
}
