import type { Resources } from "./en";

/** Arabic texts (right-to-left). Same keys as en.ts; the type checker refuses a missing one. */
export const ar: Resources = {
  banner: "أتقن مهاراتك في الشطرنج بتدريب مدعوم بالذكاء الاصطناعي",
  nav: {
    label: "التنقل الرئيسي",
    home: "الرئيسية",
    training: "التدريب",
    blog: "المدونة",
    about: "من نحن",
    contact: "اتصل بنا",
  },
  language: {
    switchTo: "English",
    switchToLabel: "English (الإنجليزية)",
  },
  board: {
    label: "رقعة الشطرنج",
    pieces: {
      wP: "بيدق أبيض",
      wN: "حصان أبيض",
      wB: "فيل أبيض",
      wR: "رخ أبيض",
      wQ: "وزير أبيض",
      wK: "ملك أبيض",
      bP: "بيدق أسود",
      bN: "حصان أسود",
      bB: "فيل أسود",
      bR: "رخ أسود",
      bQ: "وزير أسود",
      bK: "ملك أسود",
    },
  },
  common: {
    loading: "جارٍ التحميل…",
    checkingSession: "جارٍ التحقق من الجلسة…",
    skipToContent: "تخطَّ إلى المحتوى",
  },
  notFound: {
    title: "الصفحة غير موجودة",
    body: "الصفحة التي تبحث عنها غير موجودة أو نُقلت.",
    goBack: "رجوع",
    returnHome: "العودة إلى الرئيسية",
  },
  home: { title: "تدرّب كالأساتذة", startTraining: "ابدأ التدريب" },
  training: { title: "وحدات التدريب" },
  module: { title: "وحدة التدريب" },
  blog: {
    title: "مدونة الشطرنج",
    intro: "استكشف مجموعتنا من مقالات الشطرنج والدروس والأفكار لتحسين مستواك.",
  },
  post: { title: "مقال" },
  about: { title: "من نحن" },
  contact: { title: "اتصل بنا" },
  positionSetup: { title: "إعداد الوضعية" },
  notation: { title: "تدوين النقلات" },
  moveHighlighting: { title: "تمييز النقلات" },
  admin: {
    loginTitle: "دخول المشرف",
    blogTitle: "مقالات المدونة",
    newPost: "مقال جديد",
    editPost: "تعديل المقال",
  },
};
