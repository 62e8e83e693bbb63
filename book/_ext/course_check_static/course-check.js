/* {check} questions of the course (book/_ext/course_check.py): choose an answer, press
   Check (or Enter), and read its feedback in the form's aria-live region. */
(function () {
  "use strict";
  function setUp(form) {
    var button = form.querySelector(".course-check-button");
    var out = form.querySelector(".course-check-feedback");
    if (!button || !out || form.hasAttribute("data-ready")) {
      return;
    }
    form.setAttribute("data-ready", "");
    button.hidden = false;
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var chosen = form.querySelector("input[type=radio]:checked");
      var text;
      var state;
      if (!chosen) {
        text = "Choose an answer first, then press Check.";
        state = "none";
      } else if (chosen.getAttribute("data-right") === "true") {
        text = "Right. " + chosen.getAttribute("data-feedback");
        state = "right";
      } else {
        text = "Not quite. " + chosen.getAttribute("data-feedback");
        state = "wrong";
      }
      form.setAttribute("data-state", state);
      var answers = form.querySelectorAll(".course-check-answer");
      for (var i = 0; i < answers.length; i++) {
        answers[i].classList.remove("course-check-chosen");
      }
      if (chosen && chosen.parentNode) {
        chosen.parentNode.classList.add("course-check-chosen");
      }
      out.textContent = text;
    });
    form.addEventListener("change", function () {
      form.removeAttribute("data-state");
      out.textContent = "";
    });
  }
  function init() {
    var forms = document.querySelectorAll("form.course-check");
    for (var i = 0; i < forms.length; i++) {
      setUp(forms[i]);
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
  /* A page swapped in without a full load (live_static/t42live-softnav.js). */
  document.addEventListener("t42:pageswap", init);
})();
