/**
 * `/ebook/library` and `GET /api/library`: what a signed-in user owns. No server code here: the
 * browser imports this module.
 */
import type { z } from "zod";
import type { libraryCourseSchema, libraryEbookSchema, myLibrarySchema } from "./answers/orders";

/** An e-book the user owns, published or not (an owner keeps access after it is taken down). */
export type LibraryEbook = z.infer<typeof libraryEbookSchema>;

/** A course (content item) the user owns. */
export type LibraryCourse = z.infer<typeof libraryCourseSchema>;

/** Both lists newest first. */
export type MyLibrary = z.infer<typeof myLibrarySchema>;

/**
 * An e-book or course the signed-in user owns: whether they have started it (an e-book: opened in
 * the reader) and where its owner goes (the reader, the course's page), carried by every page so
 * that cards offer "Read" or "Continue".
 */
export type OwnedItem = { id: number; started: boolean; to: string };

export const ebookReadPath = (id: number) => `/ebook/${id}/read`;
export const coursePath = (id: number) => `/content/${id}`;
/** The reader opened on a PDF chapter of a course. */
export const chapterReadPath = (courseId: number, chapterId: number) =>
  `/content/${courseId}/chapters/${chapterId}/read`;
/** The course page opened on one chapter. */
export const courseChapterPath = (courseId: number, chapterId: number) =>
  `/content/${courseId}?chapter=${chapterId}`;
export const courseChaptersApiPath = (id: number) => `/api/courses/${id}/chapters`;
/** `PUT`: marks a chapter done or not done for the signed-in owner. */
export const chapterDoneApiPath = (courseId: number, chapterId: number) =>
  `/api/courses/${courseId}/chapters/${chapterId}/done`;
