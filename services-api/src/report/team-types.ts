import type { ReportFrame } from './types.js';

/** One pillar of the team: where its members' levels lie on the 0-3 scale. */
export interface TeamReportPillar {
  name: string;
  members: number;
  /** One decimal. */
  meanLevel: number;
  /** 0-100, one decimal. */
  meanPercentage: number;
  lowestLevel: number;
  highestLevel: number;
}

/** A group of members' means: the team's in a month, or one role's. */
export interface TeamReportMeans {
  label: string;
  members: number;
  meanLevel: number;
  meanPercentage: number;
}

/** A question the members answered far apart: their scores on it (0-1) and the answers chosen. */
export interface TeamReportQuestion {
  question: string;
  members: number;
  lowest: number;
  highest: number;
  /** Least mature first. */
  answers: { text: string; count: number }[];
}

/** A member as the report names them; the members' copy holds only those who share. */
export interface TeamReportMember {
  name: string;
  /** Shown on the operator's copy only. */
  email: string | null;
  role: string | null;
  overallLevel: number;
  /** Their latest assessment's day, in the report's language. */
  date: string;
  /** Left the team (the operator's copy lists them too). */
  left: boolean;
}

/**
 * Everything the team report of one organisation shows, already read, counted and in its
 * language: the drawing reads nothing else.
 */
export interface TeamReportInput extends ReportFrame {
  /** The members' copy names only who shares; the operator's (admin, key API) names everyone. */
  audience: 'members' | 'operator';
  organisation: { domain: string; date: string; assessed: number };
  overall: { meanLevel: number; meanPercentage: number };
  pillars: TeamReportPillar[];
  roles: TeamReportMeans[];
  /** Oldest month first, each labelled in the report's language. */
  history: TeamReportMeans[];
  questions: TeamReportQuestion[];
  /** The members named, by name, at most `TEAM_REPORT_MEMBERS_MAX`. */
  members: TeamReportMember[];
  /** Members past that, counted in the figures but not listed. */
  membersNotListed: number;
}
