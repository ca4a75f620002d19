import { Link } from "react-router";
import { auditPath } from "../../../contracts/admin-audit";
import { can } from "../../../contracts/permissions";
import { useLingui } from "../../i18n";
import { useRootData } from "../../lib/root-data";

/** "Its history": the audit log of one record, shown to admins (the only ones who may read the log). */
export function HistoryLink({ entity, id }: { entity: string; id: number | string }) {
  const { i18n } = useLingui();
  const { user } = useRootData();
  if (!can(user, "authority")) return null;
  return (
    <Link to={auditPath(entity, id)} className="text-brand-800 underline">
      {i18n._("Its history")}
    </Link>
  );
}
