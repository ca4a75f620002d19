import type { RouterContextProvider } from "react-router";
import { listCourseChaptersForStaff } from "../../../server/services/reading/admin-chapters";
import { getApp, loadFrom } from "../../lib/app-context.server";

export function loadCourseChapters(context: Readonly<RouterContextProvider>, courseId: number) {
  return loadFrom(() => listCourseChaptersForStaff(getApp(context).ctx, courseId));
}
